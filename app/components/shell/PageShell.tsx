import { useEffect } from 'react';
import { AuthDialogs } from '~/components/account/AuthDialogs';
import { listenForCommands } from '~/lib/push';
import type { RootData } from '~/root';
import { BottomNav } from './BottomNav';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollUpButton } from './ScrollUpButton';

export function PageShell({ data, children }: { data: RootData; children: React.ReactNode }) {
  // One stream per open page, for the shop's commands to it (the reload).
  useEffect(() => listenForCommands(), []);
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <Header data={data} />
      {children}
      <Footer company={data.company} />
      <ScrollUpButton />
      <BottomNav />
      <AuthDialogs />
    </>
  );
}
