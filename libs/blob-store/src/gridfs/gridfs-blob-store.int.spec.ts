import { blobStoreContract } from '../../test/blob-store.contract';
import { GridFsBlobStore } from './gridfs-blob-store';

const url = process.env.MONGO_URL;
if (url) {
  blobStoreContract('MongoDB GridFS', () => GridFsBlobStore.connect(url, `blob-contract-${process.pid}`));
} else {
  describe.skip('skipped: set MONGO_URL to run the GridFS blob-store contract', () => {
    it('needs a MongoDB server', () => undefined);
  });
}
