import type { FacebookPage } from '@balcao/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export type PageChoice = Record<string, { messenger: boolean; instagram: boolean }>;
type Kind = 'messenger' | 'instagram';

interface Props {
  pages: FacebookPage[];
  choice: PageChoice;
  onChange: (choice: PageChoice) => void;
  /** Which of the two the plan offers (useFacebook, useInstagram). */
  offers: Record<Kind, boolean>;
}

/** Each page of the login with a box for its Messenger and one for its Instagram account. */
export function FacebookPagesList({ pages, choice, onChange, offers }: Props) {
  const { t } = useTranslation();
  const toggle = (page: FacebookPage, kind: Kind, checked: boolean) => {
    const current = choice[page.id] ?? { messenger: false, instagram: false };
    onChange({ ...choice, [page.id]: { ...current, [kind]: checked } });
  };
  const box = (
    page: FacebookPage,
    kind: Kind,
    label: string,
    asset: { connected: boolean; taken: boolean },
  ) => (
    <FormControlLabel
      key={kind}
      disabled={asset.taken}
      control={
        <Checkbox
          checked={Boolean(choice[page.id]?.[kind]) && !asset.taken}
          onChange={(event) => toggle(page, kind, event.target.checked)}
        />
      }
      label={
        <Box>
          <Typography variant="body2">{label}</Typography>
          {(asset.taken || asset.connected) && (
            <Typography variant="caption" color={asset.taken ? 'error' : 'text.secondary'}>
              {t(asset.taken ? 'connections.facebook.taken' : 'connections.facebook.connectedHere')}
            </Typography>
          )}
        </Box>
      }
    />
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {pages.map((page) => (
        <Box
          key={page.id}
          component="fieldset"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1, m: 0, minWidth: 0 }}
        >
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, overflowWrap: 'anywhere' }}>
            {page.name}
          </Typography>
          <FormGroup>
            {offers.messenger && box(page, 'messenger', t('connections.facebook.messenger'), page)}
            {offers.instagram &&
              page.instagram &&
              box(
                page,
                'instagram',
                t('connections.facebook.instagram', { username: page.instagram.username }),
                page.instagram,
              )}
            {offers.messenger === false && !page.instagram && (
              <Typography variant="body2" color="text.secondary">
                {t('connections.facebook.noInstagram')}
              </Typography>
            )}
          </FormGroup>
        </Box>
      ))}
    </Box>
  );
}

/** How many of the chosen would be new connections (a connected one only gets its token renewed). */
export function newlyChosen(pages: FacebookPage[], choice: PageChoice) {
  return pages.reduce(
    (total, page) =>
      total +
      Number(Boolean(choice[page.id]?.messenger) && !page.connected && !page.taken) +
      Number(
        Boolean(choice[page.id]?.instagram) &&
          Boolean(page.instagram) &&
          !page.instagram?.connected &&
          !page.instagram?.taken,
      ),
    0,
  );
}
