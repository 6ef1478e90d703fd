import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { useConnections } from './connections.api';
import { needsAttention } from './connections.cache';
import { useConnectionsRealtime } from './connections.realtime';
import { useSessionDrops } from './whatsapp-session.api';

/** The menu icon of Connections, with a red dot while any connection is not connected (spec 000 §2). */
export function ConnectionsMenuBadge({ children }: { children: ReactNode }) {
  useConnectionsRealtime();
  useSessionDrops();
  const attention = needsAttention(useConnections().data);
  return (
    <Badge variant="dot" color="error" invisible={!attention}>
      {children}
    </Badge>
  );
}
