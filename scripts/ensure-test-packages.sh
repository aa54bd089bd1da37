#!/usr/bin/env bash
# What the unit and integration tests run for real besides npm packages: Mosquitto with its
# dynamic-security plugin and mosquitto_ctrl (external-broker and dynsec tests); iperf3, ping and
# traceroute (Diagnose between real agents in network namespaces); unzip (the Log export test opens the
# .zip it streams with Info-ZIP's own tool; tar and gzip are part of every Debian); Docker Engine, a private
# registry and a static busybox and htpasswd for its users (Application: a real agent deploys from a registry
# the test starts, with an imported image); Podman with catatonit (its container init) and slirp4netns (its
# port forwarding without iptables): the same deploys on Podman's Docker-compatible API;
# wireguard-go and wireguard-tools (the SD-WAN overlay between real agents in network namespaces: the
# machines have no kernel WireGuard).
# ifupdown and openssl (Settings > Network changes a namespace's interfaces through ifup/ifdown and
# generates the console's self-signed certificate); ISC's dhclient (ifupdown's DHCP client) and dnsmasq
# (the DHCP server the test runs on the other end of the cable).
# hostapd and wpa_supplicant (Auth Connect: a real agent's 802.1X authenticator on a wired port, and a
# user's supplicant signing in with an account made in the console).
# dbus (a private system bus on which the tests' own systemd-networkd answers networkctl: Settings > Network's
# networkd backend; systemd itself is part of every Debian).
# Xvfb and x11vnc (a real VNC server: the remote desktop through the device tunnel, seen by noVNC).
# poppler's pdftotext and the fonts of the Statistics PDF (Latin and Arabic, Chinese and Japanese, Thai).
set -euo pipefail
exec bash "$(dirname "$0")/ensure-debian-packages.sh" \
  /usr/sbin/mosquitto=mosquitto \
  /usr/bin/mosquitto_ctrl=mosquitto \
  /usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so=mosquitto \
  /usr/bin/iperf3=iperf3 \
  /usr/bin/ping=iputils-ping \
  /usr/bin/traceroute=traceroute \
  /usr/bin/pdftotext=poppler-utils \
  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf=fonts-dejavu-core \
  /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc=fonts-noto-cjk \
  /usr/share/fonts/truetype/tlwg/Loma.ttf=fonts-tlwg-loma-ttf \
  /usr/bin/unzip=unzip \
  /usr/sbin/dockerd=docker.io \
  /usr/bin/docker-registry=docker-registry \
  /bin/busybox=busybox-static \
  /usr/bin/htpasswd=apache2-utils \
  /usr/bin/podman=podman \
  /usr/bin/catatonit=catatonit \
  /usr/bin/slirp4netns=slirp4netns \
  /usr/bin/wireguard-go=wireguard-go \
  /usr/bin/wg=wireguard-tools \
  /usr/sbin/ifup=ifupdown \
  /usr/bin/openssl=openssl \
  /usr/sbin/dhclient=isc-dhcp-client \
  /usr/sbin/dnsmasq=dnsmasq-base \
  /usr/sbin/hostapd=hostapd \
  /usr/sbin/wpa_supplicant=wpasupplicant \
  /usr/bin/dbus-daemon=dbus \
  /lib/systemd/systemd-networkd=systemd \
  /usr/bin/Xvfb=xvfb \
  /usr/bin/x11vnc=x11vnc
