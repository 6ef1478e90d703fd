import { events, type FileListEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { integrationManagers } from '../queue-integrations/integrations.audience.js';

export function publishFileList(deps: Pick<AppDeps, 'realtime'>, companyId: number, event: FileListEvent) {
  deps.realtime.toRoom(integrationManagers(companyId), events.files(companyId), event);
}
