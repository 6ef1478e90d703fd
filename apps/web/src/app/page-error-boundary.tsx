import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../shared/ui/empty-state';

function PageFailed() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<CloudOffOutlinedIcon />}
      title={t('app.pageFailed.title')}
      description={t('app.pageFailed.text')}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('app.pageFailed.reload')}
        </Button>
      }
    />
  );
}

interface BoundaryProps {
  /** Another address is another page: it gets its own try. */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

/**
 * Pages and their parts load on use: after a new build replaced their files, or on a dropped
 * connection, the code does not arrive, and without this the whole app went blank. A reload fetches
 * the current build.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary resetKey={useLocation().pathname}>{children}</Boundary>;
}
