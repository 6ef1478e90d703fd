import type { Channel } from '@balcao/shared';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LanguageIcon from '@mui/icons-material/Language';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';

const icons = {
  whatsapp: { Icon: WhatsAppIcon, color: '#25d366' },
  whatsappapi: { Icon: WhatsAppIcon, color: '#128c7e' },
  facebook: { Icon: FacebookIcon, color: '#1877f2' },
  instagram: { Icon: InstagramIcon, color: '#e1306c' },
  webchat: { Icon: LanguageIcon, color: '#0b6e4f' },
} satisfies Record<Channel, unknown>;

/** A channel's brand icon, named for screen readers with the channel's translated name. */
export function ChannelIcon({
  channel,
  fontSize,
}: {
  channel: Channel;
  fontSize?: SvgIconProps['fontSize'];
}) {
  const { t } = useTranslation();
  const { Icon, color } = icons[channel];
  return (
    <Icon
      role="img"
      aria-label={t(`connections.channels.${channel}`)}
      aria-hidden={false}
      fontSize={fontSize}
      sx={{ color }}
    />
  );
}
