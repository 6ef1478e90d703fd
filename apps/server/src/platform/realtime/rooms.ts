/** Room names are decided by the server only; a client asks to join, the server checks and names the room. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  /** Every socket of a signed-in user of a company in good standing: what all companies hear alike. */
  everyone: 'signed-in',
  user: (userId: number) => `user:${userId}`,
  /** The sockets of one sign-in, so a session's end reaches them in every process without asking each. */
  session: (sessionId: string) => `session:${sessionId}`,
  /** Every socket of the company's users, those of a company past its due date included (payments). */
  billing: (companyId: number) => `company:${companyId}:billing`,
  ticket: (companyId: number, ticketId: number) => `company:${companyId}:ticket:${ticketId}`,
  /**
   * Who may read something, as the server computed it from the actor when the socket connected
   * (and again whenever the actor's rights change): e.g. `seeAll`, `queue:3`, `user:7`.
   */
  audience: (companyId: number, scope: string) => `${audiencePrefix(companyId)}${scope}`,
};

/** Every audience room of a company starts with this, so a socket's audience can be swapped as a whole. */
export const audiencePrefix = (companyId: number) => `company:${companyId}:audience:`;
