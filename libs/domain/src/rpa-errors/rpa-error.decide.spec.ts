import { specFor } from '../../test/given-when-then';
import { rpaErrorDecider } from './rpa-error.decide';
import { rpaErrorStreamId } from './rpa-error.events';

const spec = specFor(rpaErrorDecider);

describe('automation failure actions', () => {
  it('marks a failure resolved with a trimmed remark', () =>
    spec([])
      .when({ type: 'ResolveRpaError', errorId: 'document-7:extraction', remark: '  Original beim Mandanten angefordert ' })
      .then([{ type: 'RpaErrorResolved', data: { errorId: 'document-7:extraction', remark: 'Original beim Mandanten angefordert' } }]));

  it('refuses to resolve without a remark', () => spec([]).when({ type: 'ResolveRpaError', errorId: 'x', remark: '   ' }).thenThrows('Required field'));

  it('records every retry request', () =>
    spec([])
      .when({ type: 'RequestRpaRetry', errorId: 'x' })
      .then([{ type: 'RpaErrorRetryRequested', data: { errorId: 'x' } }]));

  it('names a stream per failure that survives any subject id', () =>
    expect(rpaErrorStreamId('document-7:extraction')).toBe('rpa-error-document-7%3Aextraction'));
});
