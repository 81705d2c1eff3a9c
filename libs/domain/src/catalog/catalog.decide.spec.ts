import { specFor } from '../../test/given-when-then';
import { catalogDecider } from './catalog.decide';
import { DEFAULT_DOCUMENT_CATEGORIES } from './catalog.events';

const spec = specFor(catalogDecider);
const [erU] = DEFAULT_DOCUMENT_CATEGORIES;

describe('document category catalog', () => {
  it('defines each new category', () =>
    spec([])
      .when({ type: 'DefineDocumentCategories', categories: [erU!] })
      .then([{ type: 'DocumentCategoryDefined', data: erU! }]));
  it('records nothing for a category defined the same way before', () =>
    spec([{ type: 'DocumentCategoryDefined', data: erU! }])
      .when({ type: 'DefineDocumentCategories', categories: [erU!] })
      .then([]));
  it('refuses a category code the spec does not know', () =>
    spec([])
      .when({ type: 'DefineDocumentCategories', categories: [{ ...erU!, id: 42 }] })
      .thenThrows('Unknown document category 42.'));
});
