import { PreviewPage } from '@/components/preview/preview-page';
import { queryStringPage } from '@/components/projects/query-string-page';

export default queryStringPage(PreviewPage, { rows: 6, label: 'Loading the preview' });
