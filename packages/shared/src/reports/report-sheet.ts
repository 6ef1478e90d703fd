import type { Language } from '../constants.js';
import type { TicketStatus } from '../tickets/tickets.contract.js';
import { zonedParts } from '../time.js';
import type { ReportTicket } from './reports.contract.js';

export const REPORT_FILE_NAME = 'relatorio-de-atendimentos.xlsx';
export const REPORT_SHEET_NAME = 'RelatorioDeAtendimentos';

/** The sheet's columns (spec 001 §9), in order; the web's table shows the same ones. */
export const REPORT_COLUMNS = [
  'connection',
  'contact',
  'user',
  'queue',
  'status',
  'lastMessage',
  'openedAt',
  'closedAt',
  'supportTime',
  'nps',
] as const;
type ReportColumn = (typeof REPORT_COLUMNS)[number];

interface SheetTexts {
  columns: Record<ReportColumn, string>;
  statuses: Record<TicketStatus, string>;
}

/**
 * The export's words in each language. The server writes the file, so they live here rather than in
 * the web's locale files; a web test checks the table's headers in every locale say the same.
 */
export const reportSheetTexts: Record<Language, SheetTexts> = {
  'pt-BR': {
    columns: {
      connection: 'Conexão',
      contact: 'Contato',
      user: 'Usuário',
      queue: 'Fila',
      status: 'Status',
      lastMessage: 'Última mensagem',
      openedAt: 'Abertura',
      closedAt: 'Fechamento',
      supportTime: 'Tempo de atendimento',
      nps: 'NPS',
    },
    statuses: {
      open: 'Aberto',
      pending: 'Aguardando',
      closed: 'Fechado',
      group: 'Grupo',
      nps: 'Aguardando avaliação',
      lgpd: 'LGPD',
    },
  },
  en: {
    columns: {
      connection: 'Connection',
      contact: 'Contact',
      user: 'User',
      queue: 'Queue',
      status: 'Status',
      lastMessage: 'Last message',
      openedAt: 'Opened',
      closedAt: 'Closed',
      supportTime: 'Support time',
      nps: 'NPS',
    },
    statuses: {
      open: 'Open',
      pending: 'Pending',
      closed: 'Closed',
      group: 'Group',
      nps: 'Awaiting rating',
      lgpd: 'LGPD',
    },
  },
  es: {
    columns: {
      connection: 'Conexión',
      contact: 'Contacto',
      user: 'Usuario',
      queue: 'Cola',
      status: 'Estado',
      lastMessage: 'Último mensaje',
      openedAt: 'Apertura',
      closedAt: 'Cierre',
      supportTime: 'Tiempo de atención',
      nps: 'NPS',
    },
    statuses: {
      open: 'Abierto',
      pending: 'Esperando',
      closed: 'Cerrado',
      group: 'Grupo',
      nps: 'Esperando evaluación',
      lgpd: 'LGPD',
    },
  },
  tr: {
    columns: {
      connection: 'Bağlantı',
      contact: 'Kişi',
      user: 'Kullanıcı',
      queue: 'Kuyruk',
      status: 'Durum',
      lastMessage: 'Son mesaj',
      openedAt: 'Açılış',
      closedAt: 'Kapanış',
      supportTime: 'Destek süresi',
      nps: 'NPS',
    },
    statuses: {
      open: 'Açık',
      pending: 'Bekleyen',
      closed: 'Kapalı',
      group: 'Grup',
      nps: 'Değerlendirme bekleniyor',
      lgpd: 'KVKK',
    },
  },
};

/** DD/MM/YYYY HH:mm on the company's wall clock. */
export function formatReportDate(iso: string, timeZone: string): string {
  const { date, time } = zonedParts(new Date(iso), timeZone);
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
}

/** Hours and minutes, hours counted past 24 as a spreadsheet's [h]:mm does: 26:05 is a day and 2 h 5 min. */
export function formatSupportTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The NPS bands of a 0–10 answer: promoters 9–10, passives 7–8, detractors 0–6. */
export function npsBand(rate: number): 'promoter' | 'passive' | 'detractor' {
  if (rate >= 9) return 'promoter';
  return rate >= 7 ? 'passive' : 'detractor';
}

/** A report row as the sheet's cells, in REPORT_COLUMNS order. */
export function reportSheetRow(row: ReportTicket, language: Language, timeZone: string): (string | number)[] {
  const texts = reportSheetTexts[language];
  return [
    row.whatsappName ?? '',
    row.contactName,
    row.userName ?? '',
    row.queueName ?? '',
    texts.statuses[row.status],
    row.lastMessage,
    formatReportDate(row.createdAt, timeZone),
    row.closedAt ? formatReportDate(row.closedAt, timeZone) : '',
    row.supportTime === null ? '' : formatSupportTime(row.supportTime),
    row.nps ?? '',
  ];
}

export const reportSheetHeader = (language: Language): string[] =>
  REPORT_COLUMNS.map((column) => reportSheetTexts[language].columns[column]);
