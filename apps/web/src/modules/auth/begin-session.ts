import {
  daysUntil,
  EXPIRY_WARNING_DAYS,
  isSubscriptionActive,
  lastGraceDay,
  type SessionResponse,
  SUBSCRIPTION_GRACE_DAYS,
} from '@balcao/shared';
import { formatDate } from '../../shared/format';
import { applyLanguage, i18n } from '../../shared/i18n/i18n';
import { forgetEndedElsewhere } from '../../shared/session/ended-elsewhere';
import { companyToday, startSession } from '../../shared/session/session.store';
import { toast } from '../../shared/toast/toast.store';
import { offerCampaignPages } from '../campaigns/campaigns.flag';

export const EXPIRED_PATH = '/financeiro-aberto';
const HOME_PATH = '/tickets';

/**
 * Starts a signed-in session in the user's language and says where to go (spec 000 §4, authentication).
 * The language comes first, so the first signed-in screen and its warnings are already in it.
 */
export async function beginSession(session: SessionResponse): Promise<string> {
  await applyLanguage(session.user.language);
  forgetEndedElsewhere();
  offerCampaignPages(session.user);
  startSession(session);
  const { dueDate } = session.user.company;
  const today = companyToday(session.user);
  if (!isSubscriptionActive(dueDate, today)) {
    toast.error(i18n.t('financeiro.expired.message', { date: formatDate(dueDate) }));
    return EXPIRED_PATH;
  }
  const daysLeft = daysUntil(dueDate, today);
  // Past the due date but within the grace: in, told until when it can still pay without interruption.
  if (daysLeft <= 0) {
    const until = formatDate(lastGraceDay(dueDate, SUBSCRIPTION_GRACE_DAYS));
    toast.warning(i18n.t('financeiro.grace.warning', { date: formatDate(dueDate), until }));
  } else if (daysLeft < EXPIRY_WARNING_DAYS)
    toast.warning(i18n.t('auth.session.expiresSoon', { count: daysLeft }));
  return HOME_PATH;
}
