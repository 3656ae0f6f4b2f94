import { KeyRound, Settings, UserPen } from 'lucide-react';
import { InstalarApp } from '../../components/instalar-app.tsx';
import { BotaoVoltar, Tile } from '../../components/ui/estados.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { AvisosCelular } from './avisos-celular.tsx';
import { CabecalhoPagina } from './componentes.tsx';
import { PasskeysDaConta } from './passkeys.tsx';
import { TotemDoOgmo } from './totem-do-ogmo.tsx';
import './minha-conta.css';

/**
 * /minha-conta/configuracoes: the two settings tiles and, on a phone that can, "Entrar com a digital"
 * (passkeys), "Avisos no celular" and the app's installation.
 */
export function PaginaConfiguracoes() {
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo="Configurações" icone={<Settings size={28} />} />
      <nav aria-label="Configurações" className="grade-tiles mc-tiles">
        <Tile para={caminhos.mudarSenha} icone={<KeyRound aria-hidden />} titulo="Mudar senha" />
        <Tile
          para={caminhos.mudarDadosPessoais}
          icone={<UserPen aria-hidden />}
          titulo="Mudar dados pessoais"
        />
      </nav>
      <PasskeysDaConta />
      <AvisosCelular />
      <InstalarApp />
      <TotemDoOgmo />
      <div>
        <BotaoVoltar para={caminhos.minhaConta} />
      </div>
    </div>
  );
}
