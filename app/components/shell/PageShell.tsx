import { AuthDialogs } from '~/components/account/AuthDialogs';
import type { RootData } from '~/root';
import { BottomNav } from './BottomNav';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollUpButton } from './ScrollUpButton';

export function PageShell({ data, children }: { data: RootData; children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <Header data={data} />
      {children}
      <Footer />
      <ScrollUpButton />
      <BottomNav />
      <AuthDialogs />
    </>
  );
}
