import type { IntegrationType } from '@balcao/shared';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import WebhookOutlinedIcon from '@mui/icons-material/WebhookOutlined';

const logos = {
  dialogflow: PsychologyOutlinedIcon,
  n8n: AccountTreeOutlinedIcon,
  webhook: WebhookOutlinedIcon,
  typebot: SmartToyOutlinedIcon,
} as const;

/** The list's type logo: one icon per kind of integration. */
export function IntegrationTypeLogo({ type }: { type: IntegrationType }) {
  const Logo = logos[type];
  return <Logo fontSize="small" />;
}
