import { useMutation } from '@tanstack/react-query';
import { FileWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadComplianceExport } from '../api/admin-risk-api.ts';
import { saveFile } from '../utils/save-file.ts';

/**
 * The compliance export of Transaction Management (reports.compliance; decision 021): the flagged transactions of
 * the mode shown, downloaded as CSV. The page shows it only to a viewer with reports.compliance; the server checks.
 */
export function ComplianceExportButton({ mode }: { mode: 'live' | 'test' }) {
  const { t } = useTranslation('adminRisk');
  const exporting = useMutation({
    mutationFn: () => downloadComplianceExport(mode),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
  return (
    <>
      <Button
        variant="outline"
        onClick={() => exporting.mutate()}
        loading={exporting.isPending}
        title={t('complianceExportHint')}
      >
        {!exporting.isPending && <FileWarning className="size-4" aria-hidden="true" />}
        {t('complianceExport')}
      </Button>
      {exporting.isError && <Banner className="w-full basis-full">{t('complianceExportFailed')}</Banner>}
      {exporting.isSuccess && (
        <span role="status" className="sr-only">
          {t('complianceExported', { file: exporting.data.fileName })}
        </span>
      )}
    </>
  );
}
