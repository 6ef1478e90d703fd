import { reportPeriodQuery } from './report-export.js';
import { CONVERSATION_TICKET, SEND_TICKET } from './tenant.js';
import type { WrkRequest } from './wrk.js';

export interface Workload extends Omit<WrkRequest, 'token'> {
  id: string;
  title: string;
  /** What one request serves, for the per-item rate where pages differ in size. */
  item?: 'tickets' | 'messages' | 'contacts';
  /** The requests queue deliveries: CPU is read once they are all done (W5). */
  delivers?: true;
}

/** The ticket list's search tab as the web app asks for it: every status, everything the admin may see. */
const ticketSearch = (typed: string) => `/tickets?showAll=true&pageNumber=1&searchParam=${typed}`;

/** W1c/d filter by the tenant's five queues, whatever ids the database gave them. */
export const workloads = (queueIds: number[]): Workload[] => [
  { id: 'W0', title: 'no auth, no database', method: 'GET', path: '/health' },
  {
    id: 'W1a',
    title: 'open tickets, show all',
    item: 'tickets',
    method: 'GET',
    path: '/tickets?status=open&showAll=true&pageNumber=1',
  },
  {
    id: 'W1b',
    title: 'pending tickets, show all',
    item: 'tickets',
    method: 'GET',
    path: '/tickets?status=pending&showAll=true&pageNumber=1',
  },
  {
    id: 'W1c',
    title: 'open tickets of 5 queues',
    item: 'tickets',
    method: 'GET',
    path: `/tickets?status=open&showAll=true&pageNumber=1&queueIds=[${queueIds.join(',')}]`,
  },
  {
    id: 'W1d',
    title: 'pending tickets of 5 queues',
    item: 'tickets',
    method: 'GET',
    path: `/tickets?status=pending&showAll=true&pageNumber=1&queueIds=[${queueIds.join(',')}]`,
  },
  {
    id: 'W2',
    title: 'a 200-message conversation',
    item: 'messages',
    method: 'GET',
    path: `/messages/${CONVERSATION_TICKET}?pageNumber=1`,
  },
  {
    id: 'W3',
    title: 'contact search',
    item: 'contacts',
    method: 'GET',
    path: '/contacts?pageNumber=1&searchParam=abc',
  },
  // Every bench message reads "Message <n>", each n up to 980,000 once: "message 4242" is a word in
  // every message and one in a single message, so the message index is searched, not walked.
  {
    id: 'W3b',
    title: 'ticket search by the words of a message',
    item: 'tickets',
    method: 'GET',
    path: ticketSearch('message%204242'),
  },
  // Digits search contact numbers (trigram), the words of messages and the ticket id at once.
  {
    id: 'W3c',
    title: 'ticket search by digits of a number',
    item: 'tickets',
    method: 'GET',
    path: ticketSearch('4242'),
  },
  // The dashboard as a manager opens it, and the attendants' table alone, over the bench's 90 days of cycles.
  { id: 'W4a', title: 'dashboard, last 7 days', method: 'GET', path: '/dashboard?days=7' },
  { id: 'W4b', title: 'dashboard, last 30 days', method: 'GET', path: '/dashboard?days=30' },
  {
    id: 'W4c',
    title: 'per-attendant table, last 30 days',
    method: 'GET',
    path: '/dashboard/user-info?days=30',
  },
  {
    id: 'W4d',
    title: 'report page, last 30 days',
    item: 'tickets',
    method: 'GET',
    path: `/ticket/reports?${reportPeriodQuery(30)}&page=1&pageSize=10`,
  },
  {
    id: 'W5',
    title: 'send a text message',
    item: 'messages',
    method: 'POST',
    path: `/messages/${SEND_TICKET}`,
    body: { body: 'Bench reply' },
    delivers: true,
  },
];

/** The reads a tenant's page makes: what must not depend on how many tenants the installation holds. */
export const PAGE_READS = ['W1a', 'W1b', 'W1c', 'W1d', 'W2', 'W3', 'W3b', 'W3c'];
