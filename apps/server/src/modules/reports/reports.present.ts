import { NPS_SCALE_MAX, type ReportTicket } from '@balcao/shared';
import { maskName } from '../contacts/contacts.masking.js';
import type { ReportRow } from './reports.queries.js';

/**
 * The one shape of a report row, for the table and the export alike. Support time is the cycle's
 * length, opening to close (the two dates beside it); NPS is the cycle's answer on the 0–10 scale
 * (answers on other scales are no NPS). Where lgpdHideNumber hides numbers from the caller, a name
 * that is the number is hidden with it.
 */
export function presentReportRow(row: ReportRow, numbersHidden: boolean): ReportTicket {
  return {
    id: row.id,
    uuid: row.uuid,
    cycleId: row.cycleId,
    whatsappName: row.whatsappName,
    contactName: numbersHidden ? maskName(row.contactName, row.contactNumber) : row.contactName,
    userName: row.userName,
    queueName: row.queueName,
    status: row.status,
    lastMessage: row.lastMessage,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    supportTime: row.closedAt
      ? Math.max(0, Math.round((row.closedAt.getTime() - row.createdAt.getTime()) / 1000))
      : null,
    nps: row.scale === NPS_SCALE_MAX ? row.rate : null,
  };
}
