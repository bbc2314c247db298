import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { findRoute } from '../../infra/local/gateway.js';
import { allRoutes, answer, buildPath, matchPath, route, routeKey } from '../../shared/routes/index.js';
import { domainSuffix, tenantIdFromUserName } from '../../shared/tenant.js';

describe('route table', () => {
  it('declares every route once', () => {
    const keys = allRoutes.map((e) => routeKey(e.route));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses a route whose path parameter has no schema', () => {
    expect(() => route({ method: 'GET', path: '/x/{id}', access: 'public', summary: '', response: answer<z.ZodString>() })).toThrow(/id/);
  });

  it('builds and matches documented paths, encoding values', () => {
    expect(buildPath('/inventory/anyList/{flag}/{text}', { flag: false, text: 'rice 5kg/bag' })).toBe('/inventory/anyList/false/rice%205kg%2Fbag');
    expect(matchPath('/inventory/anyList/{flag}/{text}', '/inventory/anyList/false/rice%205kg%2Fbag')).toEqual({ flag: 'false', text: 'rice 5kg/bag' });
    expect(matchPath('/customer/{id}', '/customer/1/2')).toBeNull();
  });

  it('prefers literal segments over parameters, as API Gateway does', () => {
    expect(findRoute('GET', '/appUser/user')?.entry.route.path).toBe('/appUser/user');
    expect(findRoute('GET', '/customer/appUser/3')?.params).toEqual({ appUserId: '3' });
    // A method whose routes do not match the path finds nothing.
    expect(findRoute('POST', '/appUser/user')).toBeNull();
  });
});

describe('tenant from the user name', () => {
  it.each([
    ['admin@demo.shop', 'demo'],
    ['Ravi.Kumar@Sri-Lakshmi.co.in', 'sri-lakshmi'],
    ['x@demo', 'demo'],
    ['no-at-sign', null],
    ['@demo.shop', null],
    ['a@.shop', null],
  ])('%s -> %s', (userName, tenant) => {
    expect(tenantIdFromUserName(userName)).toBe(tenant);
  });

  it('keeps the domain suffix for names created by a user', () => {
    expect(domainSuffix('Owner@Demo.Shop')).toBe('@demo.shop');
  });
});
