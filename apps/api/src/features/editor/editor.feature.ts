import { SERVICES } from '@portal/contracts';
import type { Feature, FeatureDeps } from '../feature';
import { EditorAccess } from './editor-access';
import { editorDocumentService } from './editor-document.service';
import { EditorInbox } from './editor-inbox';
import { editorRouter } from './editor.routes';

/** The document editor: its inbox per client, the drafts, and the upload and download of its files. */
export function editorFeature(deps: FeatureDeps): Feature & { inbox: EditorInbox } {
  const { reads, events, blobs } = deps;
  const inbox = new EditorInbox(reads, blobs, deps.commands, deps.config.maxUploadBytes);
  return {
    name: 'editor',
    inbox,
    services: [
      editorDocumentService({
        reads,
        events,
        blobs,
        bus: deps.bus,
        commands: deps.commands,
        notifyLeft: (clientNo, record) => deps.gateway.emitCustom(SERVICES.editorDocument, 'removed', clientNo, record),
      }),
    ],
    routers: [editorRouter(deps.authenticator, inbox, new EditorAccess(reads, events), blobs, deps.diskUploads, deps.uploadSizes)],
  };
}
