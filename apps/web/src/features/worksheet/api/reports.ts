import { planReportEndpoints, type Language, type PrintSection } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /group_plans/{id}/effect/`: what the plan brought about per instruction group. */
export function usePlanEffect(planId: number) {
  return useQuery(endpointQueryOptions(planReportEndpoints.effect, { params: { id: planId } }));
}

/** The plan's PDF without the left-out sections, saved by the browser under the server's file name. */
export function downloadPrint(planId: number, omit: PrintSection[], lang: Language, fileName: string) {
  return api.download(
    planReportEndpoints.print,
    { params: { id: planId }, query: { omit, lang } },
    { fileName },
  );
}
