import { useEffect, useRef } from 'react';
import { useSocket } from './socket';

/**
 * Asks the server to put this socket in a room while mounted, and again after every reconnect:
 * the server forgets a connection's rooms when it drops.
 */
export function useSocketRoom(join: string, leave: string, room: string | number | undefined) {
  const socket = useSocket();
  useEffect(() => {
    if (!socket || room === undefined) return;
    const enter = () => socket.emit(join, room);
    if (socket.connected) enter();
    socket.on('connect', enter);
    return () => {
      socket.off('connect', enter);
      socket.emit(leave, room);
    };
  }, [socket, join, leave, room]);
}

/** Runs when the socket comes back after a drop: events sent meanwhile were missed. */
export function useSocketReconnect(onReconnect: () => void) {
  const socket = useSocket();
  const latest = useRef(onReconnect);
  latest.current = onReconnect;
  useEffect(() => {
    if (!socket) return;
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) latest.current();
      connectedBefore = true;
    };
    socket.on('connect', onConnect);
    return () => {
      socket.off('connect', onConnect);
    };
  }, [socket]);
}
