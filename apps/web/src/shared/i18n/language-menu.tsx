import { LANGUAGES, type Language } from '@balcao/shared';
import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';

interface Props {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  onSelect: (language: Language) => void;
}

export function LanguageMenu({ anchorEl, onClose, onSelect }: Props) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          selected={language === active}
          lang={language}
          onClick={() => {
            onSelect(language);
            onClose();
          }}
        >
          <ListItemIcon>{language === active && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`languages.${language}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
