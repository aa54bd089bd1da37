/**
 * Statistics (issue 18): a view's figures (a POST that only reads: the view is a nested object) and the
 * caller's saved views by name. The PDF of a view is its own endpoint.
 */
import { z } from 'zod';
import {
  STATISTICS_API,
  saveStatisticsView,
  savedStatisticsView,
  statisticsPdfRequest,
  statisticsQuery,
  statisticsResult,
  statisticsViewsResponse,
} from '../statistics.ts';
import { canView } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

const view = { permission: canView('Statistics') } as const;

export const statisticsEndpoints = featureEndpoints('statistics', {
  query: endpoint({
    method: 'POST',
    path: `${STATISTICS_API}/query`,
    ...view,
    readsOnly: true,
    body: statisticsQuery,
    response: { 200: statisticsResult },
  }),
  /** The view as a PDF: chart, table of figures, title, range and date. */
  pdf: endpoint({
    method: 'POST',
    path: `${STATISTICS_API}/pdf`,
    ...view,
    readsOnly: true,
    body: statisticsPdfRequest,
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [503],
  }),
  views: endpoint({
    method: 'GET',
    path: `${STATISTICS_API}/views`,
    ...view,
    response: { 200: statisticsViewsResponse },
  }),
  /** Saves under a name: the caller's view of that name is replaced. */
  saveView: endpoint({
    method: 'POST',
    path: `${STATISTICS_API}/views`,
    ...view,
    activity: 'statistics.view.save',
    body: saveStatisticsView,
    response: { 200: savedStatisticsView },
  }),
  deleteView: endpoint({
    method: 'DELETE',
    path: `${STATISTICS_API}/views/:id`,
    ...view,
    activity: 'statistics.view.delete',
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: { 200: z.object({}) },
    errors: [404],
  }),
});
