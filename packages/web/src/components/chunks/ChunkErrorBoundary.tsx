/** Catches render errors of lazily loaded pages; a failed chunk gets a panel with a reload button. */
import { Component, type ReactNode } from 'react';
import { ChunkErrorPanel } from './ChunkErrorPanel.tsx';
import { toChunkLoadError, type ChunkLoadError } from './ChunkLoadError.ts';

interface Props {
  children: ReactNode;
}
interface State {
  error: ChunkLoadError | null;
}

export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: toChunkLoadError(error) };
  }

  override render() {
    return this.state.error ? <ChunkErrorPanel error={this.state.error} /> : this.props.children;
  }
}
