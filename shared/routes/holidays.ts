import * as z from 'zod';
import { idParam } from '../schemas/common.js';
import { companyHoliday, holidayForm, publicHoliday } from '../schemas/holiday.js';
import { yearQuery } from '../schemas/dates.js';
import { answer, route } from './define.js';

const byId = z.object({ id: idParam });

export const holidayRoutes = {
  publicHolidays: route({
    method: 'GET',
    path: '/publicHolidays',
    access: 'PubHolidayList',
    summary: 'Public holidays of a year (?year, default this year in India), by date',
    query: yearQuery,
    response: answer<z.ZodArray<typeof publicHoliday>>(),
  }),
  publicHoliday: route({
    method: 'GET',
    path: '/publicHolidays/{id}',
    access: 'PubHolidayList',
    summary: 'One public holiday',
    params: byId,
    response: answer<typeof publicHoliday>(),
  }),
  createPublicHoliday: route({
    method: 'POST',
    path: '/publicHolidays',
    access: 'PubHolidayEdit',
    summary: 'Adds a public holiday; one per date',
    body: holidayForm,
    response: answer<typeof publicHoliday>(),
  }),
  updatePublicHoliday: route({
    method: 'PUT',
    path: '/publicHolidays/{id}',
    access: 'PubHolidayEdit',
    summary: 'Changes the date or name of a public holiday',
    params: byId,
    body: holidayForm,
    response: answer<typeof publicHoliday>(),
  }),
  deletePublicHoliday: route({
    method: 'DELETE',
    path: '/publicHolidays/{id}',
    access: 'PubHolidayDelete',
    summary: 'Removes a public holiday; leaves already applied keep their day count',
    params: byId,
    response: answer<typeof publicHoliday>(),
  }),
  companyHolidays: route({
    method: 'GET',
    path: '/companyHolidays',
    access: 'CompHolidayList',
    summary: 'Company holidays of a year (?year, default this year in India), by date',
    query: yearQuery,
    response: answer<z.ZodArray<typeof companyHoliday>>(),
  }),
  companyHoliday: route({
    method: 'GET',
    path: '/companyHolidays/{id}',
    access: 'CompHolidayList',
    summary: 'One company holiday',
    params: byId,
    response: answer<typeof companyHoliday>(),
  }),
  createCompanyHoliday: route({
    method: 'POST',
    path: '/companyHolidays',
    access: 'CompHolidayEdit',
    summary: 'Adds a company holiday; one per date',
    body: holidayForm,
    response: answer<typeof companyHoliday>(),
  }),
  updateCompanyHoliday: route({
    method: 'PUT',
    path: '/companyHolidays/{id}',
    access: 'CompHolidayEdit',
    summary: 'Changes the date or name of a company holiday',
    params: byId,
    body: holidayForm,
    response: answer<typeof companyHoliday>(),
  }),
  deleteCompanyHoliday: route({
    method: 'DELETE',
    path: '/companyHolidays/{id}',
    access: 'CompHolidayDelete',
    summary: 'Removes a company holiday; leaves already applied keep their day count',
    params: byId,
    response: answer<typeof companyHoliday>(),
  }),
} as const;
