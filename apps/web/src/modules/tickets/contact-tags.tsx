import { useTranslation } from 'react-i18next';
import { useContactTags, useSyncContactTags } from './contact-tags.api';
import { TagPicker } from './tag-picker';

/**
 * The contact's tags: they follow the person into every ticket (spec 000 §4: with requiredTag on, a
 * ticket closes only once its contact has one). Read and saved on the server, so a chip is saved.
 */
export function ContactTags({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const current = useContactTags(contactId);
  const sync = useSyncContactTags(contactId);
  return (
    <TagPicker
      label={t('tickets.chat.contactTags')}
      value={current.data?.tags ?? []}
      busy={sync.isPending}
      disabled={current.isPending}
      onSave={(tags) => sync.mutate(tags)}
    />
  );
}
