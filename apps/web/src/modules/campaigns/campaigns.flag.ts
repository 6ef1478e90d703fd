/**
 * Spec 001 §2: the campaign pages (and the contact lists') exist only while the browser holds this
 * local flag; `localStorage.setItem('cshow', '1')` turns them on (docs/decisions.md).
 */
export const CAMPAIGNS_FLAG = 'cshow';
