import type { ScannerRecord, ScannerRefusalRecord } from '@portal/contracts';
import { SCANNER_EVENT_TYPES, type ScannerEvent, domainEventOf } from '@portal/domain';
import { collectionSpecs, SCANNERS, SCANNER_REFUSALS, SCANNER_SECRETS, put, remove } from '@portal/read-models';
import type { ChangeIntent, Projection } from '../runtime/projection';

/**
 * scanners: the scanner manager's list (settings, activated, last seen, delivery counts); scanner_refusals:
 * every refused delivery, for the automation error view ("scanner intake refused").
 */
export const scannersProjection: Projection = {
  name: 'scanners',
  version: 1,
  collections: collectionSpecs(SCANNERS, SCANNER_REFUSALS, SCANNER_SECRETS),
  handles: SCANNER_EVENT_TYPES,
  async project(recorded, view) {
    const event = domainEventOf<ScannerEvent>(recorded);
    const at = recorded.metadata.time;
    const id = recorded.streamId.replace(/^scanner-/, '');
    if (event.type === 'ScannerRegistered') {
      const s = event.data.settings;
      return [
        put(SCANNERS, {
          id,
          name: s.name,
          location: s.location,
          activated: true,
          last_seen: null,
          last_channel: null,
          assigned_users: s.assignedUsers,
          client_no: s.clientNo,
          target: s.target,
          category: s.category,
          deliveries: 0,
          refused: 0,
          last_refusal: null,
          secret_set_at: at,
          created_at: at,
          updated_at: at,
          revision: recorded.revision,
        }),
        put(SCANNER_SECRETS, { id, secret_hash: event.data.secretHash }),
      ];
    }
    const current = await view.get(SCANNERS, id);
    if (!current) return [];
    if (event.type === 'ScannerRemoved') return [remove(SCANNERS, id), remove(SCANNER_SECRETS, id)];
    const next: ScannerRecord = { ...current, revision: recorded.revision, updated_at: at };
    const extra: ChangeIntent[] = [];
    switch (event.type) {
      case 'ScannerChanged': {
        const s = event.data.settings;
        Object.assign(next, {
          name: s.name,
          location: s.location,
          assigned_users: s.assignedUsers,
          client_no: s.clientNo,
          target: s.target,
          category: s.category,
        });
        break;
      }
      case 'ScannerActivated':
        next.activated = true;
        break;
      case 'ScannerDeactivated':
        next.activated = false;
        break;
      case 'ScannerSecretRotated':
        next.secret_set_at = at;
        extra.push(put(SCANNER_SECRETS, { id, secret_hash: event.data.secretHash }));
        break;
      case 'ScannerSeen':
        Object.assign(next, { last_seen: at, last_channel: event.data.channel, deliveries: current.deliveries + event.data.files });
        break;
      case 'ScannerDeliveryRefused': {
        Object.assign(next, { refused: current.refused + 1, last_refusal: event.data.reason });
        const refusal: ScannerRefusalRecord = {
          id: `${id}-${recorded.revision}`,
          scanner_id: id,
          scanner_name: current.name,
          client_no: current.client_no,
          channel: event.data.channel,
          reason: event.data.reason,
          file_name: event.data.fileName,
          at,
        };
        extra.push(put(SCANNER_REFUSALS, { ...refusal }));
        break;
      }
    }
    return [put(SCANNERS, next), ...extra];
  },
};
