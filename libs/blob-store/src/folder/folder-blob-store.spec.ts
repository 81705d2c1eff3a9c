import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobStoreContract } from '../../test/blob-store.contract';
import { FolderBlobStore } from './folder-blob-store';

blobStoreContract('content-addressed folder', async () => new FolderBlobStore(mkdtempSync(join(tmpdir(), 'blobs-'))));
