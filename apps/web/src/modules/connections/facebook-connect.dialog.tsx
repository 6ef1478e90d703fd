import { type FacebookPagesResponse, planAllows } from '@balcao/shared';
import FacebookIcon from '@mui/icons-material/Facebook';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { usePublicSettings } from '../auth/auth.api';
import { useConnectFacebookPages, useFacebookPages } from './connections.api';
import { FacebookPagesList, newlyChosen, type PageChoice } from './facebook-pages.list';
import { type FacebookSdk, facebookLogin, loadFacebookSdk } from './facebook-sdk';

type Sdk = { state: 'loading' } | { state: 'ready'; sdk: FacebookSdk } | { state: 'blocked' };

/**
 * "Continue with Facebook": the SDK's login, then the login's pages and their Instagram accounts to
 * choose from, and only then the chosen ones become connections. `room` is what the plan has left.
 */
export function FacebookConnectDialog({ room, onClose }: { room: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const plan = useSessionUser().company.plan;
  const offers = { messenger: planAllows(plan, 'useFacebook'), instagram: planAllows(plan, 'useInstagram') };
  const publicSettings = usePublicSettings();
  const settings = publicSettings.data?.facebook;
  const [sdk, setSdk] = useState<Sdk>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [listed, setListed] = useState<FacebookPagesResponse | null>(null);
  const [choice, setChoice] = useState<PageChoice>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [loggingIn, setLoggingIn] = useState(false);
  const listPages = useFacebookPages();
  const connect = useConnectFacebookPages();

  // Loaded as the dialog opens: FB.login must run in the click's own turn, or the popup is blocked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's trigger.
  useEffect(() => {
    if (!settings?.appId) return;
    let current = true;
    setSdk({ state: 'loading' });
    loadFacebookSdk(settings).then(
      (loaded) => current && setSdk({ state: 'ready', sdk: loaded }),
      () => current && setSdk({ state: 'blocked' }),
    );
    return () => {
      current = false;
    };
  }, [settings, attempt]);

  const logIn = () => {
    if (sdk.state !== 'ready') return;
    setProblem(null);
    setLoggingIn(true);
    void facebookLogin(sdk.sdk, offers.instagram)
      .then(async (login) => {
        if (!login) return setProblem(t('connections.facebook.cancelled'));
        const answer = await listPages.mutateAsync(login);
        setChoice({});
        setListed(answer);
      })
      .catch((error: unknown) => setProblem(errorMessage(error)))
      .finally(() => setLoggingIn(false));
  };

  const chosen = listed
    ? listed.pages.flatMap((page) => {
        const picked = choice[page.id];
        const messenger = Boolean(picked?.messenger) && offers.messenger && !page.taken;
        const instagram =
          Boolean(picked?.instagram) && offers.instagram && Boolean(page.instagram) && !page.instagram?.taken;
        return messenger || instagram ? [{ id: page.id, messenger, instagram }] : [];
      })
    : [];
  const adding = listed ? newlyChosen(listed.pages, choice) : 0;
  const overRoom = room !== null && adding > room;

  const save = async () => {
    if (!listed || !chosen.length) return;
    setProblem(null);
    try {
      const saved = await connect.mutateAsync({ login: listed.login, pages: chosen });
      toast.success(t('connections.facebook.connected', { count: saved.length }));
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const continueButton = (
    <Button
      variant="contained"
      startIcon={<FacebookIcon />}
      onClick={logIn}
      disabled={!settings?.appId || sdk.state === 'blocked'}
      loading={
        publicSettings.isPending || (Boolean(settings?.appId) && (sdk.state === 'loading' || loggingIn))
      }
      sx={{ alignSelf: 'flex-start', bgcolor: '#1877f2', '&:hover': { bgcolor: '#166fe5' } }}
    >
      {t('connections.facebook.continue')}
    </Button>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="facebook-connect-title">
      <DialogTitle id="facebook-connect-title">{t('connections.facebook.title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {room !== null && (
          <Alert severity={room > 0 ? 'info' : 'warning'}>
            {room > 0 ? t('connections.facebook.room', { count: room }) : t('connections.facebook.roomNone')}
          </Alert>
        )}
        {!listed && (
          <>
            <DialogContentText>{t('connections.facebook.text')}</DialogContentText>
            {publicSettings.isError && <Alert severity="error">{errorMessage(publicSettings.error)}</Alert>}
            {settings && !settings.appId && (
              <Alert severity="info">{t('connections.facebook.notConfigured')}</Alert>
            )}
            {sdk.state === 'blocked' && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
                    {t('common.actions.retry')}
                  </Button>
                }
              >
                {t('connections.facebook.sdkBlocked')}
              </Alert>
            )}
            {continueButton}
          </>
        )}
        {listed && listed.pages.length === 0 && (
          <Alert severity="warning">{t('connections.facebook.noPages')}</Alert>
        )}
        {listed && listed.pages.length > 0 && (
          <>
            <DialogContentText>{t('connections.facebook.choose')}</DialogContentText>
            <FacebookPagesList pages={listed.pages} choice={choice} onChange={setChoice} offers={offers} />
            {overRoom && (
              <Alert severity="warning">{t('connections.facebook.overRoom', { count: room ?? 0 })}</Alert>
            )}
          </>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {listed && (
          <Button onClick={logIn} disabled={sdk.state !== 'ready'} loading={loggingIn} sx={{ mr: 'auto' }}>
            {t('connections.facebook.again')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        {listed && listed.pages.length > 0 && (
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={!chosen.length || overRoom}
            loading={connect.isPending}
          >
            {t('connections.facebook.connect')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
