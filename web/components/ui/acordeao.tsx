import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ItemAcordeao {
  valor: string;
  titulo: ReactNode;
  conteudo: ReactNode;
}

interface AcordeaoProps {
  itens: ItemAcordeao[];
  /** Items open at first (e.g. the first category). */
  abertosInicialmente?: string[];
  /** The items' heading level: 2 under the page's h1, 3 inside another accordion (axe heading-order). */
  nivel?: 2 | 3;
}

/** Accordion of the account area (Radix Accordion), several items may be open at once. */
export function Acordeao({ itens, abertosInicialmente, nivel = 2 }: AcordeaoProps) {
  const Titulo = nivel === 2 ? 'h2' : 'h3';
  return (
    <Accordion.Root type="multiple" className="acordeao" defaultValue={abertosInicialmente ?? []}>
      {itens.map((item) => (
        <Accordion.Item key={item.valor} value={item.valor} className="acordeao-item">
          <Accordion.Header asChild>
            <Titulo style={{ margin: 0, fontSize: '1.1rem' }}>
              <Accordion.Trigger className="acordeao-gatilho">
                <span>{item.titulo}</span>
                <ChevronDown aria-hidden size={20} />
              </Accordion.Trigger>
            </Titulo>
          </Accordion.Header>
          <Accordion.Content className="acordeao-conteudo">{item.conteudo}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
