import { events, settingEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { storeSetting } from './settings.api';

/** Another admin's change shows here without a reload. */
export function useSettingsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.settings(me.companyId), settingEvent, (payload) =>
    storeSetting(queryClient, payload.setting),
  );
}
