import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // Our URLs end in a slash; without this, client data requests drop it and /product/x/ redirects forever.
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
