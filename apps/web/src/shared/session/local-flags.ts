/**
 * Spec 001 §2: the campaign pages (campaigns, contact lists) exist only in a browser where the local
 * flag `cshow` was set, whatever its value; nothing else in the product sets it (decisions.md).
 */
export const campaignPagesShown = () => localStorage.getItem('cshow') !== null;
