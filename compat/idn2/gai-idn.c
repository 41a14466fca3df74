/*
 * getaddrinfo() with AI_IDN, as a program of the system calls it: glibc
 * converts the name with libidn2.so.0, which it loads with dlopen().
 *
 *   gai-idn NAME     prints "ADDRESS CANONICAL-NAME" for the first result
 *
 * AI_CANONIDN asks glibc to give the canonical name back in Unicode.
 */
#define _GNU_SOURCE
#include <locale.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <netinet/in.h>

int main(int argc, char **argv)
{
    struct addrinfo hints, *res = NULL;
    char addr[INET6_ADDRSTRLEN];
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s NAME\n", argv[0]);
        return 2;
    }
    setlocale(LC_ALL, ""); /* glibc converts from the locale's charset */
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_IDN | AI_CANONNAME | AI_CANONIDN;
    rc = getaddrinfo(argv[1], NULL, &hints, &res);
    if (rc != 0) {
        printf("error %s\n", gai_strerror(rc));
        return 1;
    }
    inet_ntop(AF_INET, &((struct sockaddr_in *)(void *)res->ai_addr)->sin_addr, addr,
              sizeof addr);
    printf("%s %s\n", addr, res->ai_canonname ? res->ai_canonname : "(none)");
    freeaddrinfo(res);
    return 0;
}
