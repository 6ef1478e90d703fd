import { startEarlyRequests } from './shared/api/early-requests';
import { readToken } from './shared/session/stored-token';

// The entry is this small on purpose (first-load-chunks.ts holds it to that): the first screen's calls
// leave at once, and the app's code (./boot) downloads beside them instead of before them.
startEarlyRequests(window.location.pathname, readToken());
void import('./boot');
