import { startFirstScreenCode } from './app/first-screen-code';
import { startEarlyRequests } from './shared/api/early-requests';
import { startInitialLanguage } from './shared/i18n/language-bundles';
import { readToken } from './shared/session/stored-token';

// The entry is this small on purpose (first-load-chunks.ts holds it to that): the first screen's calls,
// its page's code and its language leave at once, and the app's code (./boot) downloads beside them
// instead of before them.
const token = readToken();
startEarlyRequests(window.location.pathname, token);
startFirstScreenCode(window.location.pathname, token !== null);
startInitialLanguage();
void import('./boot');
