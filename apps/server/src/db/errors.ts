/** Whether a database error is a unique violation, optionally of one named constraint (both drivers). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const pgError = e as { code?: string; constraint?: string; message?: string };
  if (pgError?.code !== '23505') return false;
  return !constraint || pgError.constraint === constraint || (pgError.message ?? '').includes(constraint);
}
