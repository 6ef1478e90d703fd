/**
 * Spec 001 §2: some pages exist only while the browser holds a local flag (cshow for campaigns). The
 * replaced product compared `getItem` with undefined, so its flag was always "there"; absent is null.
 */
export function hasLocalFlag(name: string): boolean {
  try {
    return window.localStorage.getItem(name) !== null;
  } catch {
    // Storage refused (private mode, a sandboxed frame): no flag.
    return false;
  }
}
