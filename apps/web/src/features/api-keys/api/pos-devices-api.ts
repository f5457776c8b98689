import type {
  TCreatePosDeviceRequest,
  TPosDevice,
  TPosDeviceWithPairing,
  TRevokedPosDevice,
} from '@coinlane/core/api/pos';
import { api } from '../../../lib/api-client.ts';

/** The point-of-sale devices of the session's current mode (decision 026). */
export const posDevicesKey = ['pos-devices'] as const;

export const fetchPosDevices = () => api<TPosDevice[]>('/pos/devices');

export const createPosDevice = (body: TCreatePosDeviceRequest) =>
  api<TPosDeviceWithPairing>('/pos/devices', { method: 'POST', body });

export const newPairingCode = (id: string) =>
  api<TPosDeviceWithPairing>(`/pos/devices/${encodeURIComponent(id)}/pairing`, { method: 'POST' });

export const revokePosDevice = (id: string) =>
  api<TRevokedPosDevice>(`/pos/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });
