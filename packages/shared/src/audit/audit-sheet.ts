import type { Language } from '../constants.js';
import { formatReportDate } from '../reports/report-sheet.js';
import type { AuditEntry } from './audit.contract.js';
import { auditActionLabels, auditEntityLabels } from './audit-labels.js';

export const AUDIT_SHEET_NAME = 'Auditoria';

/** The export's header in each language; the server writes the file, so the words live here. */
const headers: Record<Language, string[]> = {
  'pt-BR': ['Data', 'Quem', 'Ação', 'Tipo', 'Registro', 'Alterações', 'IP'],
  en: ['Date', 'Who', 'Action', 'Type', 'Record', 'Changes', 'IP'],
  es: ['Fecha', 'Quién', 'Acción', 'Tipo', 'Registro', 'Cambios', 'IP'],
  tr: ['Tarih', 'Kim', 'İşlem', 'Tür', 'Kayıt', 'Değişiklikler', 'IP'],
};

export const auditSheetHeader = (language: Language) => headers[language];

export const auditSheetRow = (entry: AuditEntry, timeZone: string, language: Language) => [
  formatReportDate(entry.createdAt, timeZone),
  entry.actorName,
  auditActionLabels[language][entry.action],
  auditEntityLabels[language][entry.entityType],
  entry.entityId ?? '',
  JSON.stringify(entry.changes),
  entry.ip ?? '',
];
