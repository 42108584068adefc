import { Alert, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

type Hosts = typeof import('./panel-hosts');
/** The three panel hosts the sidebar shows (a section, the header or footer, a Setting-tab group). */
type PanelHosts = Pick<Hosts, 'SectionPanelHost' | 'AreaPanelHost' | 'SettingsGroupPanelHost'>;

let loaded: PanelHosts | null = null;
let loading: Promise<PanelHosts> | null = null;

/**
 * Loads the settings panels (`panel-hosts` and everything under `panels/`: the field components with their number,
 * colour, rich-text, search and upload inputs) as a chunk of their own, once. The editor opens on the section list
 * and the preview, which need none of it (issue 9 item 7: editor route JavaScript ≤ 350 KB gzip); the editor starts
 * this load as soon as the preview is ready, so a panel opened afterwards shows at once. A failed load (a chunk
 * gone after a deploy) may be retried: the next call loads again.
 */
export function loadPanels(): Promise<PanelHosts> {
  loading ??= import('./panel-hosts').then(
    ({ SectionPanelHost, AreaPanelHost, SettingsGroupPanelHost }) => {
      loaded = { SectionPanelHost, AreaPanelHost, SettingsGroupPanelHost };
      return loaded;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Renders `children(hosts)` with the loaded panel hosts: synchronously once they are loaded (no fallback flash, unlike
 * `React.lazy`, which suspends on its first render even when its chunk is already there), else a small loader until
 * they arrive, or an error with the way out when they cannot be loaded.
 */
export function WithPanels({ children }: { children: (hosts: PanelHosts) => ReactNode }) {
  const [hosts, setHosts] = useState<PanelHosts | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (hosts) return;
    let live = true;
    loadPanels().then(
      (m) => live && setHosts(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [hosts]);
  if (hosts) return children(hosts);
  if (failed) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} title="The settings could not be loaded">
        Check the connection and reload the page; your changes are kept on this device.
      </Alert>
    );
  }
  return <Loader size="sm" aria-label="Loading the settings" />;
}
