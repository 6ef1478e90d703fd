/** Room names are decided by the server only; a client asks to join, the server checks and names the room. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  user: (userId: number) => `user:${userId}`,
  ticketStatus: (companyId: number, status: string) => `company:${companyId}:status:${status}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  ticket: (companyId: number, ticketId: number) => `company:${companyId}:ticket:${ticketId}`,
};
