import { ImpactPage } from '@/components/impact/impact-page';
import { queryStringPage } from '@/components/projects/query-string-page';

export default queryStringPage(ImpactPage, { rows: 8, label: 'Loading impact' });
