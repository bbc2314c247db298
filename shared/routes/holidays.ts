import * as z from 'zod';
import { idParam } from '../schemas/common.js';
import { companyHoliday, holidayForm, publicHoliday } from '../schemas/holiday.js';
import { yearQuery } from '../schemas/dates.js';
import { route } from './define.js';

const byId = z.object({ id: idParam });

export const holidayRoutes = {
  publicHolidays: route({
    method: 'GET',
    path: '/publicHolidays',
    access: 'PubHolidayList',
    summary: 'Public holidays of a year (?year, default this year in India), by date',
    query: yearQuery,
    response: z.array(publicHoliday),
  }),
  publicHoliday: route({
    method: 'GET',
    path: '/publicHolidays/{id}',
    access: 'PubHolidayList',
    summary: 'One public holiday',
    params: byId,
    response: publicHoliday,
  }),
  createPublicHoliday: route({
    method: 'POST',
    path: '/publicHolidays',
    access: 'PubHolidayEdit',
    summary: 'Adds a public holiday; one per date',
    body: holidayForm,
    response: publicHoliday,
  }),
  updatePublicHoliday: route({
    method: 'PUT',
    path: '/publicHolidays/{id}',
    access: 'PubHolidayEdit',
    summary: 'Changes the date or name of a public holiday',
    params: byId,
    body: holidayForm,
    response: publicHoliday,
  }),
  deletePublicHoliday: route({
    method: 'DELETE',
    path: '/publicHolidays/{id}',
    access: 'PubHolidayDelete',
    summary: 'Removes a public holiday; leaves already applied keep their day count',
    params: byId,
    response: publicHoliday,
  }),
  companyHolidays: route({
    method: 'GET',
    path: '/companyHolidays',
    access: 'CompHolidayList',
    summary: 'Company holidays of a year (?year, default this year in India), by date',
    query: yearQuery,
    response: z.array(companyHoliday),
  }),
  companyHoliday: route({
    method: 'GET',
    path: '/companyHolidays/{id}',
    access: 'CompHolidayList',
    summary: 'One company holiday',
    params: byId,
    response: companyHoliday,
  }),
  createCompanyHoliday: route({
    method: 'POST',
    path: '/companyHolidays',
    access: 'CompHolidayEdit',
    summary: 'Adds a company holiday; one per date',
    body: holidayForm,
    response: companyHoliday,
  }),
  updateCompanyHoliday: route({
    method: 'PUT',
    path: '/companyHolidays/{id}',
    access: 'CompHolidayEdit',
    summary: 'Changes the date or name of a company holiday',
    params: byId,
    body: holidayForm,
    response: companyHoliday,
  }),
  deleteCompanyHoliday: route({
    method: 'DELETE',
    path: '/companyHolidays/{id}',
    access: 'CompHolidayDelete',
    summary: 'Removes a company holiday; leaves already applied keep their day count',
    params: byId,
    response: companyHoliday,
  }),
} as const;
